"""Shared fixtures: the real corpus (when present) and small documents written by the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import CORPUS


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent")
    return CORPUS


GUIDE_MD = """---
title: Field Guide
description: A small guide used by the tests.
---

Intro text before the first heading.

# Getting started

Install the tool. See Section 2.1 for configuration.

## Requirements

- Python 3.11
- 2 GB of memory

# Configuration

Settings live in a file.

## Options

| name | default |
|------|---------|
| mode | fast    |

```python
# not a heading
print("hi")
```

# Appendix A

Reference tables, see Table 4 and page 12.
"""


@pytest.fixture
def guide_bytes() -> bytes:
    return GUIDE_MD.encode()
