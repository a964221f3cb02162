from pretrainedmodels.models.nasnet_mobile import NASNetAMobile

model = NASNetAMobile(num_classes=7)
