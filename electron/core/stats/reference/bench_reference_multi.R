#!/usr/bin/Rscript
# Reference run for build/bench/stats.ts's multi-rater case, timed in the same bench: R's
# psych::ICC (the six ICCs with their F intervals, lmer = FALSE) and a 1,000-resample bootstrap
# over units of Fleiss' kappa and Krippendorff's nominal alpha, written in vectorised base R.
#
# Usage: Rscript bench_reference_multi.R RATINGS.csv LEVELS RESAMPLES SEED
# RATINGS.csv: units x raters level indices 0..LEVELS-1, no header, complete.
# Prints one line: seconds (elapsed, loading excluded), Fleiss' kappa, R and psych versions.
suppressPackageStartupMessages(library(psych))
args <- commandArgs(trailingOnly = TRUE)
m <- as.matrix(read.csv(args[1], header = FALSE))
q <- as.integer(args[2])
resamples <- as.integer(args[3])
set.seed(as.integer(args[4]))
start <- proc.time()[["elapsed"]]
icc <- suppressMessages(ICC(m, lmer = FALSE))
counts <- t(apply(m, 1, function(row) tabulate(row + 1, q)))
stats <- function(cnt) {
  n <- nrow(cnt)
  r <- sum(cnt[1, ])
  p <- colSums(cnt) / (n * r)
  agree <- (rowSums(cnt^2) - r) / (r * (r - 1))
  fleiss <- (mean(agree) - sum(p^2)) / (1 - sum(p^2))
  # Complete data: alpha's observed and expected disagreement from the same counts.
  total <- n * r
  do <- sum((r^2 - rowSums(cnt^2)) / (r - 1)) / total
  de <- (total^2 - sum((p * total)^2)) / (total * (total - 1))
  c(fleiss, 1 - do / de)
}
point <- stats(counts)
n <- nrow(counts)
draws <- replicate(resamples, stats(counts[sample.int(n, n, replace = TRUE), , drop = FALSE]))
ci <- apply(draws, 1, quantile, probs = c(0.025, 0.975), na.rm = TRUE)
elapsed <- proc.time()[["elapsed"]] - start
cat(elapsed, point[1], paste(R.version$major, R.version$minor, sep = "."), as.character(packageVersion("psych")), "\n")
