"""Helpers shared by test modules: a test module imports from here or from another
helper module, never from another test module (tests/test_suite_house.py checks it).
Fixtures stay in the conftest.py files."""
