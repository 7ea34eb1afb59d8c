"""Players → Share on the local network: where to serve (interface, port), start and
stop, the link and its QR code, a copy of the link (for a chat), a new link, and how
many devices follow."""

from __future__ import annotations

import io

import segno
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tracker.qt.layout_items import add_layout
from tracker.qt.share.kept_link import PORTS, KeptLink
from tracker.qt.share.session import ShareSession
from tracker.share.interfaces import Choice, interface_choices

QR_SCALE = 6


def qr_pixmap(text: str) -> QPixmap:
    """The link as a QR code, black on white with its quiet zone."""
    buffer = io.BytesIO()
    segno.make(text, error="m", micro=False).save(buffer, kind="png", scale=QR_SCALE, border=4)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    def __init__(
        self,
        session: ShareSession,
        parent: QWidget | None = None,
        choices: list[Choice] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("share_dialog")
        self.setWindowTitle("Share on the local network · Roundkeeper")
        self.session = session
        self.setMinimumWidth(440)
        self.choices = choices if choices is not None else interface_choices()
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Players open the link (or scan the code) on a phone or tablet on the same "
            "network and see what the players' screen shows, live. Nothing can be "
            "changed from there. The link stays the same, from one session to the "
            "next, until you make a new one."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.interface = QComboBox()
        self.interface.setObjectName("share_interface")
        for choice in self.choices:
            self.interface.addItem(choice.label, choice.host)
        self.port = QSpinBox()
        self.port.setObjectName("share_port")
        self.port.setRange(PORTS.start, PORTS.stop - 1)
        # Where the link was shared last, if this network is still there: the same link.
        kept = KeptLink.load()
        found = self.interface.findData(kept.host) if kept.host else -1
        if found >= 0:
            self.interface.setCurrentIndex(found)
        self.port.setValue(kept.port)
        form.addRow("&Network:", self.interface)
        form.addRow("&Port:", self.port)
        add_layout(layout, form)
        buttons = QHBoxLayout()
        self.start_button = QPushButton("&Start sharing")
        self.start_button.setObjectName("share_start")
        self.start_button.clicked.connect(self.toggle)
        self.renew_button = QPushButton("&New link")
        self.renew_button.setObjectName("share_renew")
        self.renew_button.setToolTip("A new link: every device on the old one is disconnected")
        self.renew_button.clicked.connect(self.renew)
        self.copy_button = QPushButton("C&opy link")
        self.copy_button.setObjectName("share_copy")
        self.copy_button.setToolTip("The link to the clipboard, to paste in the table's chat")
        self.copy_button.clicked.connect(self.copy_link)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.renew_button)
        buttons.addStretch(1)
        add_layout(layout, buttons)
        self.message = QLabel()
        self.message.setObjectName("share_message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.link = QLabel()
        self.link.setObjectName("share_link")
        self.link.setTextFormat(Qt.TextFormat.PlainText)
        self.link.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.link.setWordWrap(True)
        layout.addWidget(self.link)
        self.code = QLabel()
        self.code.setObjectName("share_code")
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.code, 1)
        self.devices = QLabel()
        self.devices.setObjectName("share_devices")
        layout.addWidget(self.devices)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self._count = QTimer(self)  # how many devices follow, while the dialog is open
        self._count.setInterval(1000)
        self._count.timeout.connect(self._show_devices)
        self._count.start()
        session.started.connect(self._show_state)
        session.stopped.connect(self._show_state)
        self._show_state()

    def toggle(self) -> None:
        if self.session.is_sharing():
            self.session.stop()
            self.message.setText("Sharing stopped: the players' pages say so.")
            return
        host = str(self.interface.currentData())
        try:
            self.session.start(host, self.port.value())
        except OSError as error:  # the port in use, the address gone
            reason = error.strerror or str(error)
            self.message.setText(
                f"Could not share on {host}, port {self.port.value()}: {reason}. "
                "Choose another port or network."
            )
            return
        self.message.setText("")

    def copy_link(self) -> None:
        if not self.session.is_sharing():
            return
        clipboard = QGuiApplication.clipboard()
        clipboard.setText(self.session.link())
        self.message.setText("Link copied: paste it where the players will see it.")

    def renew(self) -> None:
        self.session.renew_token()
        self.message.setText("A new link: devices on the old one were disconnected.")
        self._show_state()

    def _show_state(self) -> None:
        sharing = self.session.is_sharing()
        self.start_button.setText("&Stop sharing" if sharing else "&Start sharing")
        self.interface.setEnabled(not sharing)
        self.port.setEnabled(not sharing)
        self.renew_button.setEnabled(sharing)
        self.copy_button.setEnabled(sharing)
        if sharing:
            server = self.session.server
            assert server is not None
            found = self.interface.findData(server.host)
            if found >= 0:
                self.interface.setCurrentIndex(found)
            if server.port >= self.port.minimum():
                self.port.setValue(server.port)
            link = self.session.link()
            self.link.setText(link)
            self.code.setPixmap(qr_pixmap(link))
            if self.isVisible():
                self.adjustSize()  # room for the code
        else:
            self.link.setText("Not sharing.")
            self.code.clear()
        self._show_devices()

    def _show_devices(self) -> None:
        if not self.session.is_sharing():
            self.devices.setText("")
            return
        count = self.session.device_count()
        self.devices.setText(f"{count} device{'s' if count != 1 else ''} following.")
