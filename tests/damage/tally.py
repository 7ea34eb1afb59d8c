"""What a damage sweep counts."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Tally:
    """One sweep's counts: cases tried; those Roundkeeper refused with its clear message;
    those it accepted and could then play, save and reopen; and every case that went
    wrong (an escaped exception, a hang, a file read or changed that should not be), as
    a one-line description. A sweep passes when `failures` is empty."""

    name: str
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, description: str) -> None:
        self.failures.append(description)

    def line(self) -> str:
        return (
            f"{self.name:<28} tried {self.tried:>6}  refused {self.refused:>6}  "
            f"accepted {self.accepted:>6}  failures {len(self.failures):>4}"
        )
