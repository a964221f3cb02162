"""The benchmarks (a regular package, so that an installed distribution's stray top-level
``benchmarks`` package, e.g. fairscale 0.4.13's, cannot shadow this one)."""
