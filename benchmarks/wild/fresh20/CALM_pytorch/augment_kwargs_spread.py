"""CALM built from nested kwargs dicts spread into x-transformers constructors."""

from CALM_pytorch import CALM, AugmentParams
from x_transformers import Decoder, TransformerWrapper

ANCHOR = dict(num_tokens=512, max_seq_len=96, layers=dict(dim=72, depth=6, heads=3, ff_glu=True))
AUG = dict(num_tokens=512, max_seq_len=96, layers=dict(dim=40, depth=3, heads=2))


def build(spec):
    spec = dict(spec)
    layers = spec.pop("layers")
    return TransformerWrapper(**spec, attn_layers=Decoder(**layers))


model = CALM(build(ANCHOR), AugmentParams(model=build(AUG), connect_every_num_layers=3))
