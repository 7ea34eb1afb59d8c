"""Damage sweeps: generators of what disks, editors and strangers put in Roundkeeper's
files, each run against the real loading, journal and import code.

`python -m tests.damage.sweep` runs every sweep (modules named `sweep_*.py` here) and
prints its counts; the tests run each one small."""
