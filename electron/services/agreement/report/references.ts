/**
 * The references an agreement report can cite: BibTeX for the .bib file, and the same entry
 * formatted for the .tex's own bibliography (so the .tex compiles with plain pdflatex).
 */
export interface Reference {
  readonly bibtex: string;
  /** Author–year text for \bibitem, in LaTeX. */
  readonly text: string;
}

export const REFERENCES: Record<string, Reference> = {
  cohen1960: {
    bibtex: '@article{cohen1960,\n  author = {Cohen, Jacob},\n  title = {A Coefficient of Agreement for Nominal Scales},\n  journal = {Educational and Psychological Measurement},\n  volume = {20},\n  number = {1},\n  pages = {37--46},\n  year = {1960}\n}',
    text: 'Cohen, J. (1960). A coefficient of agreement for nominal scales. \\emph{Educational and Psychological Measurement}, 20(1), 37--46.',
  },
  cohen1968: {
    bibtex: '@article{cohen1968,\n  author = {Cohen, Jacob},\n  title = {Weighted Kappa: Nominal Scale Agreement Provision for Scaled Disagreement or Partial Credit},\n  journal = {Psychological Bulletin},\n  volume = {70},\n  number = {4},\n  pages = {213--220},\n  year = {1968}\n}',
    text: 'Cohen, J. (1968). Weighted kappa: nominal scale agreement provision for scaled disagreement or partial credit. \\emph{Psychological Bulletin}, 70(4), 213--220.',
  },
  fleiss1969: {
    bibtex: '@article{fleiss1969,\n  author = {Fleiss, Joseph L. and Cohen, Jacob and Everitt, B. S.},\n  title = {Large Sample Standard Errors of Kappa and Weighted Kappa},\n  journal = {Psychological Bulletin},\n  volume = {72},\n  number = {5},\n  pages = {323--327},\n  year = {1969}\n}',
    text: 'Fleiss, J. L., Cohen, J., \\& Everitt, B. S. (1969). Large sample standard errors of kappa and weighted kappa. \\emph{Psychological Bulletin}, 72(5), 323--327.',
  },
  fleiss1971: {
    bibtex: '@article{fleiss1971,\n  author = {Fleiss, Joseph L.},\n  title = {Measuring Nominal Scale Agreement among Many Raters},\n  journal = {Psychological Bulletin},\n  volume = {76},\n  number = {5},\n  pages = {378--382},\n  year = {1971}\n}',
    text: 'Fleiss, J. L. (1971). Measuring nominal scale agreement among many raters. \\emph{Psychological Bulletin}, 76(5), 378--382.',
  },
  fleiss1979: {
    bibtex: '@article{fleiss1979,\n  author = {Fleiss, Joseph L. and Nee, John C. M. and Landis, J. Richard},\n  title = {Large Sample Variance of Kappa in the Case of Different Sets of Raters},\n  journal = {Psychological Bulletin},\n  volume = {86},\n  number = {5},\n  pages = {974--977},\n  year = {1979}\n}',
    text: 'Fleiss, J. L., Nee, J. C. M., \\& Landis, J. R. (1979). Large sample variance of kappa in the case of different sets of raters. \\emph{Psychological Bulletin}, 86(5), 974--977.',
  },
  scott1955: {
    bibtex: "@article{scott1955,\n  author = {Scott, William A.},\n  title = {Reliability of Content Analysis: The Case of Nominal Scale Coding},\n  journal = {Public Opinion Quarterly},\n  volume = {19},\n  number = {3},\n  pages = {321--325},\n  year = {1955}\n}",
    text: 'Scott, W. A. (1955). Reliability of content analysis: the case of nominal scale coding. \\emph{Public Opinion Quarterly}, 19(3), 321--325.',
  },
  conger1980: {
    bibtex: '@article{conger1980,\n  author = {Conger, Anthony J.},\n  title = {Integration and Generalization of Kappas for Multiple Raters},\n  journal = {Psychological Bulletin},\n  volume = {88},\n  number = {2},\n  pages = {322--328},\n  year = {1980}\n}',
    text: 'Conger, A. J. (1980). Integration and generalization of kappas for multiple raters. \\emph{Psychological Bulletin}, 88(2), 322--328.',
  },
  krippendorff2011: {
    bibtex: "@techreport{krippendorff2011,\n  author = {Krippendorff, Klaus},\n  title = {Computing {Krippendorff's} Alpha-Reliability},\n  institution = {Annenberg School for Communication, University of Pennsylvania},\n  year = {2011}\n}",
    text: "Krippendorff, K. (2011). \\emph{Computing Krippendorff's alpha-reliability}. Annenberg School for Communication, University of Pennsylvania.",
  },
  krippendorff2004: {
    bibtex: '@book{krippendorff2004,\n  author = {Krippendorff, Klaus},\n  title = {Content Analysis: An Introduction to Its Methodology},\n  edition = {2},\n  publisher = {Sage},\n  address = {Thousand Oaks, CA},\n  year = {2004}\n}',
    text: 'Krippendorff, K. (2004). \\emph{Content analysis: an introduction to its methodology} (2nd ed.). Thousand Oaks, CA: Sage.',
  },
  hayes2007: {
    bibtex: '@article{hayes2007,\n  author = {Hayes, Andrew F. and Krippendorff, Klaus},\n  title = {Answering the Call for a Standard Reliability Measure for Coding Data},\n  journal = {Communication Methods and Measures},\n  volume = {1},\n  number = {1},\n  pages = {77--89},\n  year = {2007}\n}',
    text: 'Hayes, A. F., \\& Krippendorff, K. (2007). Answering the call for a standard reliability measure for coding data. \\emph{Communication Methods and Measures}, 1(1), 77--89.',
  },
  gwet2008: {
    bibtex: '@article{gwet2008,\n  author = {Gwet, Kilem Li},\n  title = {Computing Inter-Rater Reliability and Its Variance in the Presence of High Agreement},\n  journal = {British Journal of Mathematical and Statistical Psychology},\n  volume = {61},\n  number = {1},\n  pages = {29--48},\n  year = {2008}\n}',
    text: 'Gwet, K. L. (2008). Computing inter-rater reliability and its variance in the presence of high agreement. \\emph{British Journal of Mathematical and Statistical Psychology}, 61(1), 29--48.',
  },
  gwet2014: {
    bibtex: '@book{gwet2014,\n  author = {Gwet, Kilem Li},\n  title = {Handbook of Inter-Rater Reliability},\n  edition = {4},\n  publisher = {Advanced Analytics, LLC},\n  address = {Gaithersburg, MD},\n  year = {2014}\n}',
    text: 'Gwet, K. L. (2014). \\emph{Handbook of inter-rater reliability} (4th ed.). Gaithersburg, MD: Advanced Analytics.',
  },
  byrt1993: {
    bibtex: '@article{byrt1993,\n  author = {Byrt, Ted and Bishop, Janet and Carlin, John B.},\n  title = {Bias, Prevalence and Kappa},\n  journal = {Journal of Clinical Epidemiology},\n  volume = {46},\n  number = {5},\n  pages = {423--429},\n  year = {1993}\n}',
    text: 'Byrt, T., Bishop, J., \\& Carlin, J. B. (1993). Bias, prevalence and kappa. \\emph{Journal of Clinical Epidemiology}, 46(5), 423--429.',
  },
  feinstein1990: {
    bibtex: '@article{feinstein1990,\n  author = {Feinstein, Alvan R. and Cicchetti, Domenic V.},\n  title = {High Agreement but Low Kappa: I. The Problems of Two Paradoxes},\n  journal = {Journal of Clinical Epidemiology},\n  volume = {43},\n  number = {6},\n  pages = {543--549},\n  year = {1990}\n}',
    text: 'Feinstein, A. R., \\& Cicchetti, D. V. (1990). High agreement but low kappa: I. The problems of two paradoxes. \\emph{Journal of Clinical Epidemiology}, 43(6), 543--549.',
  },
  shrout1979: {
    bibtex: '@article{shrout1979,\n  author = {Shrout, Patrick E. and Fleiss, Joseph L.},\n  title = {Intraclass Correlations: Uses in Assessing Rater Reliability},\n  journal = {Psychological Bulletin},\n  volume = {86},\n  number = {2},\n  pages = {420--428},\n  year = {1979}\n}',
    text: 'Shrout, P. E., \\& Fleiss, J. L. (1979). Intraclass correlations: uses in assessing rater reliability. \\emph{Psychological Bulletin}, 86(2), 420--428.',
  },
  mcgraw1996: {
    bibtex: '@article{mcgraw1996,\n  author = {McGraw, Kenneth O. and Wong, S. P.},\n  title = {Forming Inferences about Some Intraclass Correlation Coefficients},\n  journal = {Psychological Methods},\n  volume = {1},\n  number = {1},\n  pages = {30--46},\n  year = {1996}\n}',
    text: 'McGraw, K. O., \\& Wong, S. P. (1996). Forming inferences about some intraclass correlation coefficients. \\emph{Psychological Methods}, 1(1), 30--46.',
  },
  kendall1939: {
    bibtex: '@article{kendall1939,\n  author = {Kendall, Maurice G. and Babington Smith, B.},\n  title = {The Problem of m Rankings},\n  journal = {The Annals of Mathematical Statistics},\n  volume = {10},\n  number = {3},\n  pages = {275--287},\n  year = {1939}\n}',
    text: 'Kendall, M. G., \\& Babington Smith, B. (1939). The problem of $m$ rankings. \\emph{The Annals of Mathematical Statistics}, 10(3), 275--287.',
  },
  efron1993: {
    bibtex: '@book{efron1993,\n  author = {Efron, Bradley and Tibshirani, Robert J.},\n  title = {An Introduction to the Bootstrap},\n  publisher = {Chapman \\& Hall},\n  address = {New York},\n  year = {1993}\n}',
    text: 'Efron, B., \\& Tibshirani, R. J. (1993). \\emph{An introduction to the bootstrap}. New York: Chapman \\& Hall.',
  },
  cicchetti1981: {
    bibtex: '@article{cicchetti1981,\n  author = {Cicchetti, Domenic V.},\n  title = {Testing the Normal Approximation and Minimal Sample Size Requirements of Weighted Kappa When the Number of Categories Is Large},\n  journal = {Applied Psychological Measurement},\n  volume = {5},\n  number = {1},\n  pages = {101--104},\n  year = {1981}\n}',
    text: 'Cicchetti, D. V. (1981). Testing the normal approximation and minimal sample size requirements of weighted kappa when the number of categories is large. \\emph{Applied Psychological Measurement}, 5(1), 101--104.',
  },
  landis1977: {
    bibtex: '@article{landis1977,\n  author = {Landis, J. Richard and Koch, Gary G.},\n  title = {The Measurement of Observer Agreement for Categorical Data},\n  journal = {Biometrics},\n  volume = {33},\n  number = {1},\n  pages = {159--174},\n  year = {1977}\n}',
    text: 'Landis, J. R., \\& Koch, G. G. (1977). The measurement of observer agreement for categorical data. \\emph{Biometrics}, 33(1), 159--174.',
  },
  moss2024: {
    bibtex: '@article{moss2024,\n  author = {Moss, Jonas},\n  title = {Measures of Agreement with Multiple Raters: {Fr\\\'echet} Variances and Inference},\n  journal = {Psychometrika},\n  volume = {89},\n  pages = {517--541},\n  year = {2024}\n}',
    text: "Moss, J. (2024). Measures of agreement with multiple raters: Fr\\'echet variances and inference. \\emph{Psychometrika}, 89, 517--541.",
  },
  randolph2005: {
    bibtex: '@inproceedings{randolph2005,\n  author = {Randolph, Justus J.},\n  title = {Free-Marginal Multirater Kappa (multirater {$\\kappa_{free}$}): An Alternative to {Fleiss\'} Fixed-Marginal Multirater Kappa},\n  booktitle = {Joensuu Learning and Instruction Symposium},\n  year = {2005}\n}',
    text: "Randolph, J. J. (2005). Free-marginal multirater kappa: an alternative to Fleiss' fixed-marginal multirater kappa. \\emph{Joensuu Learning and Instruction Symposium}.",
  },
};
