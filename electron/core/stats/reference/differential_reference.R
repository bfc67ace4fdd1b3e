#!/usr/bin/Rscript
# Reference values for electron/core/stats/differential.r.test.ts: R's psych::ICC (lmer = FALSE)
# for the six intraclass correlations with their F tests and intervals, and base R's
# friedman.test for Kendall's W = chi^2_F / (m (n - 1)) (raters as blocks, tie-corrected).
#
# Reads cases on standard input: a line "case N K" followed by N lines of K comma-separated
# numbers (units x raters, complete). Writes one line per case: the R and psych versions first
# ("versions R psych"), then per case 6 x (ICC F df1 df2 p lower upper) followed by W and its p,
# space-separated, NA where undefined, 17 significant digits.
suppressPackageStartupMessages(library(psych))
lines <- readLines(file("stdin"))
cat("versions", paste(R.version$major, R.version$minor, sep = "."), as.character(packageVersion("psych")), "\n")
fmt <- function(x) ifelse(is.finite(x), formatC(x, digits = 17, format = "g"), "NA")
i <- 1
while (i <= length(lines)) {
  header <- strsplit(lines[i], " ")[[1]]
  n <- as.integer(header[2])
  k <- as.integer(header[3])
  m <- matrix(as.numeric(unlist(strsplit(lines[(i + 1):(i + n)], ","))), nrow = n, byrow = TRUE)
  i <- i + n + 1
  res <- suppressMessages(suppressWarnings(ICC(m, lmer = FALSE)$results))
  icc <- as.vector(t(as.matrix(res[, c("ICC", "F", "df1", "df2", "p", "lower bound", "upper bound")])))
  fr <- suppressWarnings(friedman.test(t(m)))
  w <- unname(fr$statistic) / (k * (n - 1))
  cat(fmt(c(icc, w, fr$p.value)), "\n")
}
