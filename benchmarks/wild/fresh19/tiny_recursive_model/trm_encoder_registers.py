from tiny_recursive_model import TinyRecursiveModel
from x_transformers import Encoder

dim = 48
net = Encoder(dim=dim, depth=2, heads=4, attn_dim_head=12, rotary_pos_emb=True)

model = TinyRecursiveModel(
    dim=dim,
    num_tokens=32,
    network=net,
    num_refinement_blocks=2,
    num_latent_refinements=4,
    num_register_tokens=4,
)
