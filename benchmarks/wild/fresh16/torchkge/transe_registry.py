"""Knowledge-graph embedding baselines picked by name (FB15k-sized toy numbers)."""

from torchkge.models import ComplExModel, DistMultModel, TransEModel, TransHModel

N_ENT, N_REL = 500, 23

REGISTRY = {
    "transe": lambda d: TransEModel(d, N_ENT, N_REL, dissimilarity_type="L1"),
    "transh": lambda d: TransHModel(d, N_ENT, N_REL),
    "distmult": lambda d: DistMultModel(d, N_ENT, N_REL),
    "complex": lambda d: ComplExModel(d, N_ENT, N_REL),
}

MODEL_NAME = "transh"
EMB_DIM = 32

model = REGISTRY[MODEL_NAME](EMB_DIM)
