"""Mogul rule, view and playout tests."""
