from types import SimpleNamespace

from rq_transformer import RQTransformer

cfg = SimpleNamespace(
    vocab=16384,
    hidden=320,
    image_tokens=8 * 8,
    code_depth=4,
    body=SimpleNamespace(layers=6, heads=5, head_dim=64),
    head=SimpleNamespace(layers=3),
    dropout=0.1,
)

model = RQTransformer(
    num_tokens=cfg.vocab,
    dim=cfg.hidden,
    max_spatial_seq_len=cfg.image_tokens,
    depth_seq_len=cfg.code_depth,
    spatial_layers=cfg.body.layers,
    depth_layers=cfg.head.layers,
    dim_head=cfg.body.head_dim,
    heads=cfg.body.heads,
    attn_dropout=cfg.dropout,
    ff_dropout=cfg.dropout,
)
