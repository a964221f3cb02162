"""The bottleneck alone on 512-d embeddings: 1024 memories per codebook, values of width 256."""

from discrete_key_value_bottleneck_pytorch import DiscreteKeyValueBottleneck

model = DiscreteKeyValueBottleneck(
    dim=512, num_memories=1024, dim_embed=64, num_memory_codebooks=8, dim_memory=256
)
