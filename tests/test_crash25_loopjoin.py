"""A ``for`` loop whose trip count the analysis cannot know (``range(k)`` of a value read off a
tensor) runs its body zero times or more: after it, a name rebound in the body keeps only what
holds both before the body and after one pass. Before session 25 the pass kept one pass's
value as certain, and ``x = conv_stride2(x)`` in such a loop gave a false blocker on the layer
after it (torch ran with k = 2). Each model here is built and run in torch: a blocker exactly
when torch raises.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import check_blocker_iff_crash

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, body: str, stride: int, head: int = 64) -> None:
    MODELS[name] = (
        textwrap.dedent(
            f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(
            [nn.Conv2d(4, 4, 3, stride={stride}, padding=1) for _ in range(3)]
        )
        self.head = nn.Linear({head}, 10)

    def forward(self, x):
        k = int(x.new_ones(1).sum().item()) + 1
        {body}
        return self.head(x.flatten(1))
"""
        ),
        (2, 4, 16, 16),
        "float",
    )


# the shape changes per pass: unknown after the loop (torch runs with k = 2: 16 -> 8 -> 4)
model("loop_stride2_unknown_count", "for _ in range(k):\n            x = self.blocks[0](x)", 2)
# the shape is the same after every pass: kept, and the wrong head width is still a crash
model(
    "loop_stride1_wrong_head", "for _ in range(k):\n            x = self.blocks[0](x)", 1, head=64
)
model(
    "loop_stride1_right_head",
    "for _ in range(k):\n            x = self.blocks[0](x)",
    1,
    head=1024,
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)
