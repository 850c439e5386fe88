import { PageContainer, PageHeader } from '../../components/layouts';

export default function AnalysisHistoryScreen() {
  return (
    <PageContainer>
      <PageHeader title="Analysis History" description="Every property you have analysed, with search, filters and statistics." />
    </PageContainer>
  );
}
