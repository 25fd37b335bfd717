"""Rulesets: one importable package per card game."""
