"""CALM with two augmenting LMs; the anchor and augments frozen so only cross attention trains."""

from CALM_pytorch import CALM, AugmentParams
from x_transformers import Decoder, TransformerWrapper


def lm(dim, depth):
    return TransformerWrapper(
        num_tokens=300,
        max_seq_len=64,
        attn_layers=Decoder(dim=dim, depth=depth, heads=2, rotary_pos_emb=True),
    )


anchor = lm(80, 4)
augments = [AugmentParams(model=lm(d, 2), connections=((1, 2), (2, 4))) for d in (32, 40)]
model = CALM(anchor, augments, attn_kwargs=dict(linear_project_context=False))
for sub in (anchor, *[a.model for a in augments]):
    sub.requires_grad_(False)
