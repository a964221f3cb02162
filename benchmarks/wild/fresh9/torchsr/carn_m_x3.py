import torchsr.models as srm

model = srm.carn_m(3)
