"""Tracker's Qt layer: models adapting engine state, views, dialogs and windows."""
