"""ReLA with learned memory key/values and squared ReLU attention, wrapped for generation."""

from rela_transformer import ReLATransformer
from rela_transformer.autoregressive_wrapper import AutoregressiveWrapper

net = ReLATransformer(
    num_tokens=256,
    dim=384,
    depth=4,
    max_seq_len=512,
    heads=6,
    dim_head=32,
    num_memory_kv=8,
    relu_squared=True,
    ff_mult=2,
)
model = AutoregressiveWrapper(net)
