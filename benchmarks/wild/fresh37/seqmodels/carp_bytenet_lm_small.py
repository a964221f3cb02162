# CARP-style masked protein LM: dilated ByteNet blocks over a 30-letter alphabet, final LayerNorm
from sequence_models.constants import PROTEIN_ALPHABET
from sequence_models.convolutional import ByteNetLM

n_tokens = len(PROTEIN_ALPHABET)
model = ByteNetLM(
    n_tokens=n_tokens,
    d_embedding=8,
    d_model=128,
    n_layers=8,
    kernel_size=5,
    r=32,
    padding_idx=PROTEIN_ALPHABET.index("-"),
    final_ln=True,
    slim=True,
    activation="gelu",
)
