from BasisConvolution.convLayerv2 import BasisConv

model = BasisConv(
    inputFeatures=3,
    outputFeatures=8,
    dim=2,
    basisTerms=[6, 4],
    basisFunction=["fourier", "linear"],
    basisPeriodicity=[False, True],
    biasActive=True,
)
