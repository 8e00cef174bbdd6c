"""The cat kernels' codes (Policy, Rules, Player, Model, Result), declared in src/cat/codes.pxd as
cpdef enums and exported from here, as IntEnums, to trapcore/cat/, which derives its names from
them (players.py, solver.py). Nothing else is defined here."""
