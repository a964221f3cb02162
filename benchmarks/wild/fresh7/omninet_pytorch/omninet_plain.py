from omninet_pytorch import Omninet

model = Omninet(
    dim=256,
    depth=4,
    dim_head=64,
    heads=4,
    pool_layer_tokens_every=2,
    attn_dropout=0.1,
    ff_dropout=0.1,
)
