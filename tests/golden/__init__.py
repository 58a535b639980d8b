"""Golden-image checks: a picture is compared with a stored PNG within a tolerance, never byte
for byte (Pillow and FreeType versions move single pixels).

    assert_golden(png_bytes, "glasgow-city-de")

compares with tests/golden/images/glasgow-city-de.png. A missing golden fails (so a new picture
is looked at before it is stored); `UPDATE_GOLDEN=1 pytest ...` writes the current pictures as
the goldens — look at them before committing."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

IMAGES = Path(__file__).parent / "images"
# share of pixels allowed to differ by more than PIXEL_DELTA (anti-aliasing, font hinting)
TOLERANCE = 0.01
PIXEL_DELTA = 48


def difference(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose largest channel difference exceeds PIXEL_DELTA (1.0 when the
    sizes differ)."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    channels = diff.split()
    biggest = channels[0]
    for channel in channels[1:]:
        biggest = ImageChops.lighter(biggest, channel)
    histogram = biggest.histogram()
    off = sum(histogram[PIXEL_DELTA + 1 :])
    return off / (a.size[0] * a.size[1])


def assert_golden(png: bytes, name: str, tolerance: float = TOLERANCE) -> None:
    image = Image.open(io.BytesIO(png))
    path = IMAGES / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        IMAGES.mkdir(parents=True, exist_ok=True)
        image.save(path, format="PNG", optimize=True)
        return
    assert path.is_file(), f"no golden image {path.name}: run with UPDATE_GOLDEN=1 and look at it"
    golden = Image.open(path)
    share = difference(image, golden)
    assert share <= tolerance, (
        f"{name}: {share:.1%} of pixels differ from {path.name} (tolerance {tolerance:.1%}); "
        "if the change is meant, run with UPDATE_GOLDEN=1 and look at the picture"
    )
