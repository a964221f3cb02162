"""COCO-LM pretraining with an x-transformers generator (a quarter the width) and discriminator."""

from coco_lm_pytorch import COCO
from x_transformers import Encoder, TransformerWrapper

generator = TransformerWrapper(
    num_tokens=20000, emb_dim=128, max_seq_len=1024, attn_layers=Encoder(dim=64, depth=2, heads=1)
)
discriminator = TransformerWrapper(
    num_tokens=20000, emb_dim=128, max_seq_len=1024, attn_layers=Encoder(dim=256, depth=4, heads=4)
)

model = COCO(
    generator,
    discriminator,
    discr_dim=256,
    num_tokens=20000,
    discr_layer="attn_layers",
    mask_prob=0.15,
    pad_token_id=0,
    mask_token_id=2,
    cls_token_id=1,
)
