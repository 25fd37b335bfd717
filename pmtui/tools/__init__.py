"""Small command-line helpers for tests and benchmarks (run with `python -m`)."""
