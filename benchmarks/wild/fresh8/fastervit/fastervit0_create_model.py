"""FasterViT-0 through the package's create_model (random init, no checkpoint)."""

from fastervit import create_model

model = create_model("faster_vit_0_224", pretrained=False)
