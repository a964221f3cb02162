from BasisConvolution.convNetv2 import BasisNetwork

model = BasisNetwork(
    fluidFeatures=4,
    boundaryFeatures=2,
    layers=[16, 16, 2],
    dims=[5, 5],
    rbfs=["linear", "linear"],
    coordinateMapping="polar",
    convBias=True,
)
