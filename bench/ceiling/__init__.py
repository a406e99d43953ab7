"""A bench-only app: the smallest Django view that writes a row, the ceiling for real intake."""
