# ByteNet LM conditioned on a per-sequence vector (concatenated to every position)
from sequence_models.convolutional import ConditionedByteNetLM

model = ConditionedByteNetLM(
    n_tokens=30,
    d_embedding=12,
    d_conditioning=16,
    d_model=80,
    n_layers=6,
    kernel_size=5,
    r=16,
    padding_idx=29,
)
