"""Benchmarks for frontdesk: a runner (run.py), a bench-only app (ceiling) and its settings."""
