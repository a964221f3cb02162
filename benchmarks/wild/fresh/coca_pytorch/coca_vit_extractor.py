"""coca_pytorch: CoCa over a vit-pytorch encoder, the README's recipe (fresh batch, benchmarks/wild/fresh)."""

from coca_pytorch.coca_pytorch import CoCa
from vit_pytorch.extractor import Extractor
from vit_pytorch.simple_vit_with_patch_dropout import SimpleViT

vit = SimpleViT(
    image_size=64,
    patch_size=16,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    patch_dropout=0.5,
)
vit = Extractor(vit, return_embeddings_only=True, detach=False)

model = CoCa(
    dim=64,
    img_encoder=vit,
    image_dim=64,
    num_tokens=500,
    unimodal_depth=2,
    multimodal_depth=2,
    dim_head=16,
    heads=4,
    num_img_queries=16,
    caption_loss_weight=1.0,
    contrastive_loss_weight=1.0,
)
