from torch import nn
from transfusion_pytorch import Transfusion
from transfusion_pytorch.transfusion import Transformer

backbone = Transformer(
    64, depth=3, dim_head=32, heads=2, ff_expansion_factor=2, use_value_residual=True
)
model = Transfusion(
    num_text_tokens=100,
    dim_latent=(12, 20),
    modality_default_shape=((4, 4), (6,)),
    transformer=backbone,
    modality_encoder=(nn.Linear(3, 12), nn.Identity()),
    modality_decoder=(nn.Linear(12, 3), nn.Identity()),
)
