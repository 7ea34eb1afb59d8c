"""Tests of tracker.persistence: files, user folders and the crash-recovery journal."""
