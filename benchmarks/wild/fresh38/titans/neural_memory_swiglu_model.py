# the memory network itself is a SwiGLU MLP instead of the default one
from titans_pytorch import MemorySwiGluMLP, NeuralMemory

dim_head = 24
model = NeuralMemory(
    dim=96,
    chunk_size=4,
    heads=4,
    dim_head=dim_head,
    model=MemorySwiGluMLP(dim=dim_head, depth=2, expansion_factor=2.0),
    qk_rmsnorm=True,
)
