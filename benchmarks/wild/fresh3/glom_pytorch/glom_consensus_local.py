from glom_pytorch import Glom

model = Glom(
    dim=128,
    levels=5,
    image_size=96,
    patch_size=12,
    consensus_self=True,
    local_consensus_radius=2,
)
