"""Sharing the players' view on the local network: a read-only page the players open on
their own phones and tablets, live over server-sent events (no Qt here: the GUI side is
`tracker.qt.share`). Nothing of it is imported until the GM starts sharing."""
