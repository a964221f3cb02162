# a MAC transformer whose memory model is a user-chosen factorized MLP, single residual stream
from titans_pytorch import FactorizedMemoryMLP, MemoryAsContextTransformer

model = MemoryAsContextTransformer(
    num_tokens=1000,
    dim=64,
    depth=3,
    segment_len=16,
    num_persist_mem_tokens=2,
    num_longterm_mem_tokens=2,
    neural_memory_layers=(1,),
    dim_head=16,
    heads=4,
    num_residual_streams=1,
    neural_memory_model=FactorizedMemoryMLP(dim=64, depth=2, k=8),
    neural_memory_kwargs=dict(momentum=False, qk_rmsnorm=True),
)
