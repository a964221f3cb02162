from tiny_recursive_model import MLPMixer1D, TinyRecursiveModel

SEQ = 81
DIM = 64

model = TinyRecursiveModel(
    dim=DIM,
    num_tokens=10,
    network=MLPMixer1D(dim=DIM, depth=2, seq_len=SEQ),
)
