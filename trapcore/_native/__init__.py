"""Compiled kernels (built from src/*.pyx). Only trapcore/ calls them; they trust their inputs."""
