# Titans memory-as-context transformer as a byte-level LM, neural memory in layers 2 and 4
from titans_pytorch import MemoryAsContextTransformer

model = MemoryAsContextTransformer(
    num_tokens=256,
    dim=128,
    depth=4,
    segment_len=32,
    num_persist_mem_tokens=4,
    num_longterm_mem_tokens=4,
    neural_memory_layers=(2, 4),
    dim_head=32,
    heads=4,
    ff_mult=2,
    num_residual_streams=1,
)
