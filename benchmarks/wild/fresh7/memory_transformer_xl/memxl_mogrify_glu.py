from memory_transformer_xl import MemoryTransformerXL
from memory_transformer_xl.autoregressive_wrapper import AutoregressiveWrapper

net = MemoryTransformerXL(
    num_tokens=10000,
    dim=256,
    emb_dim=128,
    depth=4,
    seq_len=128,
    heads=4,
    memory_layers=[2, 3, 4],
    gru_gated_residual=True,
    mogrify_gru=True,
    ff_glu=True,
    one_kv_head=True,
    num_mem_kv=4,
)
model = AutoregressiveWrapper(net)
