# ByteNet LM with low-rank position feed-forwards and the output layer tied to the token table
from sequence_models.convolutional import ByteNetLM

model = ByteNetLM(
    n_tokens=26,
    d_embedding=96,
    d_model=96,
    n_layers=6,
    kernel_size=3,
    r=8,
    rank=12,
    causal=True,
    tie_weights=True,
    slim=False,
)
