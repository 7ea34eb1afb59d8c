"""The library of combatants in the GUI: its dialog, the import dialog and their models.
Generic: every column and form comes from the ruleset's declared fields."""
