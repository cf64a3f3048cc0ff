"""What the chart tests share: a figure's PNG bytes, a PDF's pages."""

from __future__ import annotations

import io
import re

from matplotlib.figure import Figure

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=60)
    return buf.getvalue()


def pdf_pages(data: bytes) -> int:
    """Page objects in a PDF ('/Type /Page', not '/Type /Pages'); matplotlib writes them
    uncompressed."""
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))

