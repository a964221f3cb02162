from torchcrf import CRF

model = CRF(num_tags=17)
