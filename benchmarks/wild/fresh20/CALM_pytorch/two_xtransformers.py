"""CALM: an anchor x-transformers LM augmented by a smaller one with cross attention."""

from CALM_pytorch import CALM, AugmentParams
from x_transformers import Decoder, TransformerWrapper

anchor = TransformerWrapper(
    num_tokens=256, max_seq_len=128, attn_layers=Decoder(dim=64, depth=4, heads=4)
)
augment = TransformerWrapper(
    num_tokens=256, max_seq_len=128, attn_layers=Decoder(dim=48, depth=2, heads=2)
)

model = CALM(
    anchor,
    AugmentParams(model=augment, connect_every_num_layers=2),
    attn_kwargs=dict(linear_project_context=True, pre_rmsnorm=True, flash=False),
)
