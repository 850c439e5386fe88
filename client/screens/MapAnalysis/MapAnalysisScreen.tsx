import { PageContainer, PageHeader } from '../../components/layouts';

export default function MapAnalysisScreen() {
  return (
    <PageContainer>
      <PageHeader
        title="Property Analysis"
        description="Analyse a property from a satellite image found by address, or from an aerial image you upload."
      />
    </PageContainer>
  );
}
