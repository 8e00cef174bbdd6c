"""Signatures of the compiled module trapcore.cat._search (made by tools/make_stubs.py)."""
