"""The GM's side of sharing the players' view on the local network (the server is
`tracker.share`): the Players menu's dialog and the session behind it. Only
`tracker.qt.share.menu`, which imports nothing else until used, is loaded with the
window."""
