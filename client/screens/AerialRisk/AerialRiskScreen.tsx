import { PageContainer, PageHeader } from '../../components/layouts';

export default function AerialRiskScreen() {
  return (
    <PageContainer>
      <PageHeader
        title="Aerial Image Analysis"
        description="Upload aerial imagery, review analysis statistics and record manual risk assessments."
      />
    </PageContainer>
  );
}
