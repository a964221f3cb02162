from vit_pytorch.cait import CaiT

model = CaiT(
    image_size=128,
    patch_size=16,
    num_classes=100,
    dim=192,
    depth=6,
    cls_depth=2,
    heads=4,
    mlp_dim=384,
    dropout=0.1,
    emb_dropout=0.1,
    layer_dropout=0.05,
)
