"""A two-step UMNN-MAF normalizing flow (its blocks registered through the library's ListModule)."""

from UMNN import UMNNMAFFlow

model = UMNNMAFFlow(
    nb_flow=2,
    nb_in=4,
    hidden_derivative=[24, 24],
    hidden_embedding=[16, 16],
    embedding_s=6,
    nb_steps=10,
    solver="CC",
    device="cpu",
)
