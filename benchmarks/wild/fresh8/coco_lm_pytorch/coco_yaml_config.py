"""COCO-LM from a YAML experiment config (sizes and masking probabilities)."""

import yaml
from coco_lm_pytorch import COCO
from x_transformers import Encoder, TransformerWrapper

CFG = yaml.safe_load("""
vocab: 16000
max_len: 256
generator: {dim: 96, depth: 3, heads: 3}
discriminator: {dim: 192, depth: 6, heads: 6}
coco: {mask_prob: 0.2, replace_prob: 0.9, random_token_prob: 0.0}
""")


def wrapper(c):
    return TransformerWrapper(
        num_tokens=CFG["vocab"], max_seq_len=CFG["max_len"], attn_layers=Encoder(**c)
    )


model = COCO(
    wrapper(CFG["generator"]),
    wrapper(CFG["discriminator"]),
    discr_dim=CFG["discriminator"]["dim"],
    num_tokens=CFG["vocab"],
    discr_layer="attn_layers",
    **CFG["coco"],
)
